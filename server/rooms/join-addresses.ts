// Where learners can reach this server: PUBLIC_URL when set; otherwise, for a server listening on every interface,
// each non-loopback address (a laptop has several: Wi-Fi, a VPN, a container bridge); otherwise the one it is on.
import { networkInterfaces } from "node:os";
import type { JoinAddresses } from "../../contract/rooms";

const EVERY_INTERFACE = new Set(["0.0.0.0", "::"]);

export function joinAddresses(options: { host: string; port: number; publicUrl?: string; allowedHosts: string[] }): JoinAddresses {
  const { host, port } = options;
  const url = (address: string) => `http://${address.includes(":") ? `[${address}]` : address}:${port}`;
  const addresses: string[] = [];
  if (EVERY_INTERFACE.has(host)) {
    for (const a of Object.values(networkInterfaces()).flat())
      if (a && !a.internal && (a.family === "IPv4" || host === "::") && !a.address.startsWith("fe80:")) addresses.push(url(a.address));
    for (const name of options.allowedHosts) addresses.push(url(name));
  } else if (!isLoopback(host)) addresses.push(url(host));
  return { ...(options.publicUrl && { publicUrl: options.publicUrl }), addresses };
}

export function isLoopback(host: string): boolean {
  return host === "localhost" || host === "::1" || /^127\./.test(host);
}
