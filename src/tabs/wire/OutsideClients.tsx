// Says in plain words who else is on this session's URL: each outside client, whether it holds a connection, and
// what the server's byte cap on their traffic has dropped.
import { useEffect, useState } from "react";
import { clientDetails, clientName, type OutsideTraffic, type TrafficClient } from "../../server-bridge/outside-traffic";

function since(t: number): string {
  const s = Math.max(0, Math.round((Date.now() - t) / 1000));
  return s < 60 ? `${s} s ago` : s < 3600 ? `${Math.round(s / 60)} min ago` : new Date(t).toLocaleTimeString();
}

function ClientLine({ client }: { client: TrafficClient }) {
  const name = <strong className="font-semibold">{clientName(client)}</strong>;
  if (client.connected)
    return (
      <li data-testid="wire-outside-connected" data-client={client.key}>
        <span role="img" aria-label="connected" className="mr-1.5 inline-block size-2 rounded-full bg-emerald-500" />
        {name} is connected to this session ({clientDetails(client)}). Its requests show here beside this page's.
      </li>
    );
  if (client.era === "2026-07-28")
    return (
      <li data-testid="wire-outside-seen" data-client={client.key}>
        <span role="img" aria-label="no connection" className="mr-1.5 inline-block size-2 rounded-full bg-sky-500" />
        {name} sent its last request {since(client.lastSeen)} ({clientDetails(client)}). On 2026-07-28 a client holds no connection: each request stands alone.
      </li>
    );
  return (
    <li data-testid="wire-outside-seen" data-client={client.key}>
      <span role="img" aria-label="disconnected" className="mr-1.5 inline-block size-2 rounded-full bg-slate-400" />
      {name} was connected ({clientDetails(client)}); its session ended {since(client.lastSeen)}.
    </li>
  );
}

export function OutsideClients({ traffic }: { traffic: OutsideTraffic }) {
  // "5 s ago" must not stay "5 s ago": redraw now and then while there is someone to talk about.
  const [, tick] = useState(0);
  const any = traffic.clients.length > 0;
  useEffect(() => {
    if (!any) return;
    const timer = setInterval(() => tick((n) => n + 1), 10_000);
    return () => clearInterval(timer);
  }, [any]);
  if (!any && !traffic.dropped.events) return null;
  const ordered = [...traffic.clients].sort((a, b) => Number(b.connected) - Number(a.connected) || b.lastSeen - a.lastSeen);
  return (
    <section
      aria-label="Outside clients"
      className="rounded-md border border-teal-300 bg-teal-50/60 p-2 text-xs dark:border-teal-800 dark:bg-teal-950/30"
      data-testid="wire-outside"
    >
      <ul className="space-y-1">
        {ordered.map((client) => (
          <ClientLine key={client.key} client={client} />
        ))}
      </ul>
      {traffic.dropped.events > 0 && (
        <p className="mt-1 text-slate-600 dark:text-slate-400" data-testid="wire-outside-dropped">
          The server keeps the last {Math.round(traffic.capBytes / 1024)} KB of outside traffic per session: {traffic.dropped.events} older events (
          {Math.round(traffic.dropped.bytes / 1024)} KB) were dropped.
        </p>
      )}
      {traffic.state === "reconnecting" && <p className="mt-1 text-amber-800 dark:text-amber-200">The live feed dropped; reconnecting…</p>}
    </section>
  );
}
