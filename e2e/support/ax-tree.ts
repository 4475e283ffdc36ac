// What Chromium itself hands a screen reader: its accessibility tree, read over the debugging protocol.
import type { Page } from "playwright-core";

interface AxNode {
  nodeId: string;
  ignored: boolean;
  role?: { value?: unknown };
  name?: { value?: unknown };
  childIds?: string[];
  properties?: { name: string; value: { value?: unknown } }[];
}

async function fullTree(page: Page): Promise<AxNode[]> {
  const cdp = await page.context().newCDPSession(page);
  try {
    return ((await cdp.send("Accessibility.getFullAXTree")) as { nodes: AxNode[] }).nodes;
  } finally {
    await cdp.detach();
  }
}

const textUnder = (byId: Map<string, AxNode>, node: AxNode): string =>
  node.role?.value === "StaticText"
    ? String(node.name?.value ?? "")
    : (node.childIds ?? [])
        .map((id) => byId.get(id))
        .filter((n): n is AxNode => !!n)
        .map((n) => textUnder(byId, n))
        .join("");

/** The text inside each node of `role` (with its live setting, if any), as the accessibility tree has it. */
export async function axTexts(page: Page, role: string): Promise<{ name: string; text: string; live?: string }[]> {
  const nodes = await fullTree(page);
  const byId = new Map(nodes.map((n) => [n.nodeId, n]));
  return nodes
    .filter((n) => !n.ignored && n.role?.value === role)
    .map((n) => ({
      name: String(n.name?.value ?? ""),
      text: textUnder(byId, n),
      live: n.properties?.find((p) => p.name === "live")?.value.value as string | undefined,
    }));
}

/** The accessible names of every node of `role` in the tree. */
export async function axNames(page: Page, role: string): Promise<string[]> {
  return (await axTexts(page, role)).map((n) => n.name);
}
