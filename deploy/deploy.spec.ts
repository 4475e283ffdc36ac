// deploy/: the Kubernetes manifests validated against the Kubernetes API schemas (kubernetes-models, generated from
// the OpenAPI spec), and the compose file's shape: two or more instances sharing one database and one secret.
// nginx's own check of deploy/nginx/playground.conf (`nginx -t`) and a real run of it are in `npm run test:cluster`.
import { readFile } from "node:fs/promises";
import { Secret, Service } from "kubernetes-models/v1";
import { Deployment } from "kubernetes-models/apps/v1";
import { Ingress } from "kubernetes-models/networking.k8s.io/v1";
import { parse, parseAllDocuments } from "yaml";
import { describe, expect, test } from "vitest";
import { outsideUrl } from "../contract/outside";
import { IDLE_CONNECTION_MS } from "../server/http/connection-timeouts";

const here = (file: string) => new URL(file, import.meta.url);
const MODELS = { Secret, Service, Deployment, Ingress } as const;

async function manifests() {
  const docs = parseAllDocuments(await readFile(here("./kubernetes/playground.yaml"), "utf8"));
  for (const d of docs) expect(d.errors).toEqual([]);
  return docs.map((d) => d.toJS() as { kind: keyof typeof MODELS; metadata: { name: string; annotations?: Record<string, string> }; [k: string]: any });
}

describe("Kubernetes manifests", () => {
  test("every object is valid against its Kubernetes schema", async () => {
    const objects = await manifests();
    expect(objects.map((o) => o.kind).sort()).toEqual(["Deployment", "Ingress", "Secret", "Service"]);
    for (const object of objects) {
      const Model = MODELS[object.kind];
      expect(() => new Model(object as never).validate(), `${object.kind} ${object.metadata.name}`).not.toThrow();
    }
  });

  test("the validator does refuse a broken object (so the test above can fail)", () => {
    const broken = { metadata: { name: "x" }, spec: { selector: {}, template: { spec: { containers: [{ name: "a", ports: [{ containerPort: "http" }] }] } } } };
    expect(() => new Deployment(broken as never).validate()).toThrow(/containerPort must be integer/);
  });

  test("the shape a cluster needs: shared secret and database from the Secret, probes, drain, hashing on the session id", async () => {
    const objects = await manifests();
    const byKind = Object.fromEntries(objects.map((o) => [o.kind, o]));
    expect(Object.keys(byKind.Secret.stringData).sort()).toEqual(["DATABASE_URL", "PLAYGROUND_SECRET"]);
    const deployment = byKind.Deployment.spec;
    expect(deployment.replicas).toBeGreaterThanOrEqual(2);
    const [container] = deployment.template.spec.containers;
    expect(container.envFrom).toEqual([{ secretRef: { name: byKind.Secret.metadata.name } }]);
    expect(container.readinessProbe.httpGet.path).toBe("/readyz");
    expect(container.livenessProbe.httpGet.path).toBe("/healthz");
    const drain = Number(container.env.find((e: { name: string }) => e.name === "DRAIN_SECONDS").value);
    expect(deployment.template.spec.terminationGracePeriodSeconds).toBeGreaterThan(drain + 5);
    const annotations = byKind.Ingress.metadata.annotations ?? {};
    expect(annotations["nginx.ingress.kubernetes.io/upstream-hash-by"]).toBe("$playground_sid");
    expect(annotations["nginx.ingress.kubernetes.io/configuration-snippet"]).toContain('"^/mcp/([^/]+)"');
    expect(annotations["nginx.ingress.kubernetes.io/proxy-buffering"]).toBe("off");
    expect(byKind.Ingress.spec.rules[0].http.paths[0].backend.service.name).toBe(byKind.Service.metadata.name);
  });
});

/** Paths of one session that must reach the instance holding it, and paths that may go anywhere. */
const SID = "k3Jx_9-QwErTyUiOpAsDfG";
const SESSION_PATHS = [`/mcp/${SID}`, `/api/sessions/${SID}/files`, new URL(outsideUrl("http://x", SID, "billing-sign-in", { ticket: "T-2" }, "f")).pathname];
const ANYWHERE = ["/", "/api/lessons", "/api/sessions", "/outside/"];

/** What `rules` (nginx regexes with their capture, in order; the first that matches wins) hash `uri` on. */
const hashKey = (rules: RegExp[], uri: string) => rules.map((r) => r.exec(uri)?.[1]).find((sid) => sid !== undefined) ?? "$request_id";

describe("hashing on the session id", () => {
  test("nginx/playground.conf's map routes a session's /mcp, /api/sessions and /outside pages by its id", async () => {
    const nginx = await readFile(here("./nginx/playground.conf"), "utf8");
    const map = /map \$uri \$playground_sid \{([^}]*)\}/.exec(nginx)?.[1] ?? "";
    const rules = [...map.matchAll(/^\s*~(\S+)\s+\$\w+;/gm)].map(([, re]) => new RegExp(re!));
    for (const path of SESSION_PATHS) expect(hashKey(rules, path), path).toBe(SID);
    for (const path of ANYWHERE) expect(hashKey(rules, path), path).toBe("$request_id");
  });

  test("the Ingress's snippet sets $playground_sid from the same paths", async () => {
    const ingress = (await manifests()).find((o) => o.kind === "Ingress")!;
    const snippet = ingress.metadata.annotations?.["nginx.ingress.kubernetes.io/configuration-snippet"] ?? "";
    // Each `if` overrides the one before it: the last match wins, so read them from the bottom.
    const rules = [...snippet.matchAll(/if \(\$uri ~ "([^"]+)"\) \{ set \$playground_sid \$1; \}/g)].map(([, re]) => new RegExp(re!)).reverse();
    for (const path of SESSION_PATHS) expect(hashKey(rules, path), path).toBe(SID);
    for (const path of ANYWHERE) expect(hashKey(rules, path), path).toBe("$request_id");
  });
});

describe("nginx/playground.conf", () => {
  test("closes idle upstream connections before the instances do (a POST on one they closed would be a 502)", async () => {
    const nginx = await readFile(here("./nginx/playground.conf"), "utf8");
    const upstream = /upstream playground \{([^}]*)\}/.exec(nginx)?.[1] ?? "";
    expect(upstream).toMatch(/^\s*keepalive \d+;/m);
    const timeout = /^\s*keepalive_timeout (\d+)s;/m.exec(upstream);
    expect(timeout, "keepalive_timeout in the upstream block").not.toBeNull();
    expect(Number(timeout![1]) * 1000).toBeLessThan(IDLE_CONNECTION_MS);
  });
});

describe("compose.yaml", () => {
  test("PostgreSQL, two or more instances with one database URL and one secret, and nginx in front", async () => {
    const compose = parse(await readFile(here("./compose.yaml"), "utf8"), { merge: true });
    const instances = Object.entries(compose.services as Record<string, any>).filter(([name]) => name.startsWith("playground-"));
    expect(instances.length).toBeGreaterThanOrEqual(2);
    const envs = instances.map(([, s]) => s.environment);
    expect(new Set(envs.map((e) => e.DATABASE_URL)).size).toBe(1);
    expect(new Set(envs.map((e) => e.PLAYGROUND_SECRET)).size).toBe(1);
    expect(new Set(envs.map((e) => e.INSTANCE_NAME)).size).toBe(instances.length);
    expect(envs[0].DATABASE_URL).toContain("@postgres:5432/");
    const nginx = await readFile(here("./nginx/playground.conf"), "utf8");
    for (const [name] of instances) expect(nginx).toContain(`server ${name}:8080`);
    expect(compose.services.nginx.volumes[0]).toContain("nginx/playground.conf");
  });
});
