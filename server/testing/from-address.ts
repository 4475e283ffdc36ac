// Requests from a loopback source address of the test's choosing (127.0.0.0/8 has room for many clients), so the
// per-client shares see distinct clients the way they would on a network: the socket's own address, never a header.
import { request } from "node:http";

export type FromAddressAnswer = { status: number; headers: Record<string, string | string[] | undefined>; json: any; text: string };

/** One request from `localAddress`, read to the end. */
export function fromAddress(
  localAddress: string,
  url: string,
  method = "GET",
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<FromAddressAnswer> {
  return new Promise((resolve, reject) => {
    const text = body === undefined ? undefined : JSON.stringify(body);
    const req = request(url, { method, localAddress, headers: { ...(text !== undefined && { "content-type": "application/json" }), ...headers } }, (res) => {
      let data = "";
      res.setEncoding("utf8");
      res.on("data", (d) => (data += d));
      res.on("end", () => {
        let json: any;
        try {
          json = JSON.parse(data);
        } catch {}
        resolve({ status: res.statusCode ?? 0, headers: res.headers, json, text: data });
      });
    });
    req.on("error", reject);
    req.end(text);
  });
}

/** A live event stream held open from `localAddress`: its status, and how to let it go. */
export function streamFromAddress(
  localAddress: string,
  url: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string; close(): void }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { localAddress, headers: { accept: "text/event-stream", ...headers } }, (res) => {
      const close = () => req.destroy();
      if (res.statusCode !== 200) {
        let body = "";
        res.setEncoding("utf8");
        res.on("data", (d) => (body += d));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body, close }));
        return;
      }
      res.resume();
      resolve({ status: 200, headers: res.headers, body: "", close });
    });
    req.on("error", reject);
    req.end();
  });
}
