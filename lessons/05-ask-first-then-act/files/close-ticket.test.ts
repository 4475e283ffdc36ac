import { expect, test } from "@frontmcp/testing";

test("one accepted call writes the history entry twice", async ({ mcp }) => {
  let questions = 0;
  mcp.onElicitation(() => {
    questions++;
    return { action: "accept", content: { confirm: true } };
  });

  const result = await mcp.tools.call("close_ticket", { id: "T-1" });

  // One question, two round trips, and execute() ran twice: once per round trip.
  expect(questions).toBe(1);
  expect(result.json().history).toEqual(["close requested", "close requested", "closed"]);
});

test("a declined call changes nothing it should, but its entry is still there", async ({ mcp }) => {
  mcp.onElicitation(() => ({ action: "decline" }));
  const result = await mcp.tools.call("close_ticket", { id: "T-2" });
  expect(result.json()).toMatchObject({ id: "T-2", closed: false });
  expect(result.json().history).toEqual(["close requested", "close requested"]);
});
