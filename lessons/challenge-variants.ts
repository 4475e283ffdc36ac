// Wrong solutions a learner is likely to write for each challenge, each naming every check it must fail. Each is
// the reference solution with one edit (or the starter), so it isolates one mistake.

import { WRONG_SOLUTIONS_C9_C10 } from "./challenge-variants-c9-c10";
import { edit, starterAsIs, type WrongSolution } from "./variant-kit";

const C1 = "delete-ticket.tool.ts";
const C1_FORM = 'z.object({ confirm: z.boolean().describe("Tick to delete the ticket") })';
const C2 = "close-ticket.tool.ts";
const C3 = "assign-ticket.tool.ts";
const C4 = "schedule-callback.tool.ts";
const C5 = "close-ticket.tool.ts";
const C6 = "close-stale-tickets.tool.ts";
const C8 = "src/server.ts";

/** c4's form the runtime refuses: no question is ever asked, so no check can pass. */
const C4_EVERY = [
  "Asks with a flat form",
  "The form asks for name, email, date and window",
  "Email and date fields say what they hold",
  "The window is a choice of morning or afternoon",
  "An accepted form books the callback",
  "A declined or cancelled form books nothing",
  "An empty name books nothing",
];
/** c7: each kind of broken tool the learner's tests must catch. */
const C7_CATCHES = [
  "Your tests catch a tool that asks even when an agent is given",
  "Your tests catch a tool that ignores the person's pick",
  "Your tests catch a tool that accepts any name as the agent",
  "Your tests catch a tool that assigns someone after a decline or cancel",
  "Your tests catch a tool that succeeds for an unknown ticket",
];
/** A catch counts only when the tests pass on the correct tool, so tests that fail there fail every check. */
const C7_EVERY = ["Your tests pass on the correct tool", ...C7_CATCHES];

export const WRONG_SOLUTIONS: Record<string, WrongSolution[]> = {
  ...WRONG_SOLUTIONS_C9_C10,
  "c1-confirm-before-deleting": [
    {
      name: "the starter (deletes without asking)",
      files: starterAsIs,
      failing: [
        "Asks before deleting, naming the ticket",
        "Keeps the ticket when the person declines",
        "Keeps the ticket on cancel, with a different reason than decline",
        "Deletes only after a ticked confirmation",
      ],
    },
    {
      name: "deletes first, then asks",
      files: edit(C1, ["    const answer = await this.elicit(", "    tickets.delete(ticket.id);\n    const answer = await this.elicit("]),
      failing: [
        "Asks before deleting, naming the ticket",
        "Keeps the ticket when the person declines",
        "Keeps the ticket on cancel, with a different reason than decline",
        "Deletes only after a ticked confirmation",
      ],
    },
    {
      name: "ignores the box",
      files: edit(C1, [
        '    if (!answer.content.confirm) {\n      return { id: ticket.id, deleted: false, reason: "The box was left unticked, so the ticket stays." };\n    }\n',
        "",
      ]),
      failing: ["Deletes only after a ticked confirmation"],
    },
    {
      name: "treats cancel as decline",
      files: edit(C1, ['if (answer.status === "decline") {', 'if (answer.status === "decline" || answer.status === "cancel") {']),
      failing: ["Keeps the ticket on cancel, with a different reason than decline"],
    },
    {
      name: "deletes on cancel",
      files: edit(C1, ['if (answer.status === "cancel") {\n', 'if (answer.status === "cancel") {\n      tickets.delete(ticket.id);\n']),
      failing: ["Keeps the ticket on cancel, with a different reason than decline"],
    },
    {
      // The checks tell a deleted ticket by delete_ticket failing without asking, as the text says: a tool that asks
      // about any id hides whether a ticked yes deleted it.
      name: "asks before looking the ticket up",
      files: edit(
        C1,
        ["    if (!ticket) return this.fail(`There is no ticket ${input.id}.`);\n", ""],
        ['`Delete ${ticket.id} "${ticket.title}"', '`Delete ${input.id} "${ticket?.title}"'],
        [
          '    if (answer.status === "decline") {',
          '    if (!ticket) return this.fail(`There is no ticket ${input.id}.`);\n    if (answer.status === "decline") {',
        ],
      ),
      failing: ["Deletes only after a ticked confirmation", "Fails without asking for an unknown ticket"],
    },
    {
      name: "asks with a nested form",
      files: edit(C1, [C1_FORM, "z.object({ confirm: z.object({ sure: z.boolean() }) })"], ["!answer.content.confirm", "!answer.content.confirm.sure"]),
      failing: [
        "Asks before deleting, naming the ticket",
        "Keeps the ticket when the person declines",
        "Keeps the ticket on cancel, with a different reason than decline",
        "Deletes only after a ticked confirmation",
      ],
      failure: "tool",
    },
    {
      name: "a question without the title",
      files: edit(C1, ['`Delete ${ticket.id} "${ticket.title}" for good?', "`Delete ${ticket.id} for good?"]),
      failing: ["Asks before deleting, naming the ticket"],
    },
  ],
  "c2-act-after-asking": [
    {
      name: "the starter (writes and emails before asking)",
      files: starterAsIs,
      failing: [
        "One accepted call leaves exactly one history entry",
        "One accepted call sends exactly one email",
        "A declined call leaves the ticket open, with no history or email",
        "A cancel or an unticked box changes nothing",
      ],
    },
    {
      name: "emails before asking",
      files: edit(
        C2,
        [
          "    const answer = await this.elicit(",
          "    outbox.push({ to: ticket.customer, subject: `Your ticket ${ticket.id} is closed` });\n    const answer = await this.elicit(",
        ],
        ["    outbox.push({ to: ticket.customer, subject: `Your ticket ${ticket.id} is closed` });\n    return", "    return"],
      ),
      failing: [
        "One accepted call sends exactly one email",
        "A declined call leaves the ticket open, with no history or email",
        "A cancel or an unticked box changes nothing",
      ],
    },
    {
      name: "closes before asking",
      files: edit(C2, ["    const answer = await this.elicit(", '    ticket.status = "closed";\n    const answer = await this.elicit(']),
      failing: ["Still asks before closing", "A declined call leaves the ticket open, with no history or email", "A cancel or an unticked box changes nothing"],
    },
    {
      name: "ignores the box",
      files: edit(C2, ['if (answer.status !== "accept" || !answer.content.confirm) {', 'if (answer.status !== "accept") {']),
      failing: ["A cancel or an unticked box changes nothing"],
    },
    {
      name: "acts on cancel",
      files: edit(C2, [
        'if (answer.status !== "accept" || !answer.content.confirm) {',
        'if (answer.status === "decline" || (answer.status === "accept" && !answer.content.confirm)) {',
      ]),
      failing: ["A cancel or an unticked box changes nothing"],
    },
  ],
  "c3-ask-only-when-needed": [
    {
      name: "the starter (always asks, takes any name)",
      files: starterAsIs,
      failing: [
        "Does not ask when the model names an agent",
        "The form offers exactly the three agents",
        "Rejects a pick that is not an agent",
        "Rejects an input agent that is not on the list",
      ],
    },
    { name: "asks even when the agent is given", files: edit(C3, ["    if (!agent) {", "    {"]), failing: ["Does not ask when the model names an agent"] },
    {
      name: "ignores the pick",
      files: edit(C3, ["agent = answer.content.agent;", "agent = agents[0];"]),
      failing: ["Asks when no agent is given, and assigns the pick"],
    },
    {
      name: "a free-text form field",
      files: edit(C3, [
        'z.object({ agent: z.enum(agents).describe("The agent who will own this ticket") })',
        'z.object({ agent: z.string().describe("The agent who will own this ticket") })',
      ]),
      failing: ["The form offers exactly the three agents", "Rejects a pick that is not an agent"],
    },
    {
      name: "any name as the input agent",
      files: edit(C3, ["agent: z.enum(agents).optional()", "agent: z.string().optional()"]),
      failing: ["Rejects an input agent that is not on the list"],
    },
    {
      name: "a default agent on decline",
      files: edit(C3, [
        '      if (answer.status !== "accept") return',
        '      if (answer.status !== "accept") ticket.agent = "ana";\n      if (answer.status !== "accept") return',
      ]),
      failing: ["A decline or cancel assigns nobody"],
    },
    {
      name: "asks with a nested form",
      files: edit(
        C3,
        ['z.object({ agent: z.enum(agents).describe("The agent who will own this ticket") })', "z.object({ pick: z.object({ agent: z.enum(agents) }) })"],
        ["agent = answer.content.agent;", "agent = answer.content.pick.agent;"],
      ),
      failing: [
        "Asks when no agent is given, and assigns the pick",
        "The form offers exactly the three agents",
        "Rejects a pick that is not an agent",
        "A decline or cancel assigns nobody",
      ],
      failure: "tool",
    },
  ],
  "c4-flatten-the-form": [
    { name: "the starter (nested form)", files: starterAsIs, failing: C4_EVERY, failure: "tool" },
    {
      name: "a .regex() on the name",
      files: edit(C4, ["name: z.string().min(1)", "name: z.string().regex(/^[A-Z]/)"]),
      failing: C4_EVERY,
      failure: "tool",
    },
    { name: "an empty name allowed", files: edit(C4, ["name: z.string().min(1)", "name: z.string()"]), failing: ["An empty name books nothing"] },
    { name: "the email as plain text", files: edit(C4, ["email: z.email()", "email: z.string()"]), failing: ["Email and date fields say what they hold"] },
    {
      name: "the window as free text",
      files: edit(C4, ['window: z.enum(["morning", "afternoon"])', "window: z.string()"]),
      failing: ["The window is a choice of morning or afternoon"],
    },
    {
      name: "other field names",
      files: edit(C4, ["name: z.string().min(1)", "fullName: z.string().min(1)"]),
      failing: ["The form asks for name, email, date and window", "An accepted form books the callback"],
    },
    {
      name: "books on decline",
      files: edit(C4, ['if (answer.status !== "accept") return', 'if (answer.status === "cancel") return']),
      failing: ["A declined or cancelled form books nothing"],
    },
    {
      name: "books on cancel",
      files: edit(C4, ['if (answer.status !== "accept") return', 'if (answer.status === "decline") return']),
      failing: ["A declined or cancelled form books nothing"],
    },
  ],
  "c5-say-what-happened": [
    {
      name: "the starter (the same result for both)",
      files: starterAsIs,
      failing: [
        "The decline result says the person declined",
        "The decline result tells the model to stop",
        "The cancel result says the person cancelled",
        "The cancel result tells the model to stop",
        "Decline and cancel give different results",
      ],
    },
    {
      name: "cancel worded as decline",
      files: edit(C5, [
        'reason: "The person cancelled: they closed the form without choosing. Do not retry now; ask them in the chat if they still want it closed."',
        'reason: "The person declined. Do not try again."',
      ]),
      failing: ["The cancel result says the person cancelled"],
    },
    {
      name: "no instruction to stop after a decline",
      files: edit(C5, [
        'reason: "The person declined: they do not want this ticket closed. Leave it open and do not ask again."',
        'reason: "The person declined. Leave it open."',
      ]),
      failing: ["The decline result tells the model to stop"],
    },
    {
      name: "ignores the box",
      files: edit(C5, ['    if (!answer.content.confirm) return { id: ticket.id, closed: false, reason: "The box was left unticked." };\n', ""]),
      failing: ["Only a ticked accept closes the ticket"],
    },
    {
      name: "closes on cancel",
      files: edit(C5, [
        'if (answer.status === "cancel") return',
        'if (answer.status === "cancel") ticket.status = "closed";\n    if (answer.status === "cancel") return',
      ]),
      failing: ["Decline and cancel give different results"],
    },
  ],
  "c6-optional-asking": [
    {
      name: "the starter (always asks)",
      files: starterAsIs,
      failing: ["The tool takes an optional apply flag", "A client that cannot ask still gets the preview", "The preview asks nothing and changes nothing"],
    },
    {
      name: "closes with the box unticked",
      files: edit(C6, ['if (answer.status !== "accept" || !answer.content.confirm) {', 'if (answer.status !== "accept") {']),
      failing: ["Applying with a cancel or an unticked box closes nothing"],
    },
    {
      name: "closes on cancel",
      files: edit(C6, [
        'if (answer.status !== "accept" || !answer.content.confirm) {',
        'if (answer.status === "decline" || (answer.status === "accept" && !answer.content.confirm)) {',
      ]),
      failing: ["Applying with a cancel or an unticked box closes nothing"],
    },
    {
      name: "apply is required",
      files: edit(C6, ["apply: z.boolean().default(false)", "apply: z.boolean()"]),
      failing: ["The tool takes an optional apply flag", "A client that cannot ask still gets the preview", "The preview asks nothing and changes nothing"],
    },
    {
      name: "the preview asks too",
      files: edit(C6, [
        "    // Useful without anybody's yes: works for every client.\n    if (!input.apply) return",
        '    const first = await this.elicit("Show the stale tickets?", z.object({ ok: z.boolean() }));\n    if (!input.apply) return',
      ]),
      failing: ["A client that cannot ask still gets the preview", "The preview asks nothing and changes nothing"],
    },
    {
      name: "applies without asking",
      files: edit(C6, [
        "    const answer = await this.elicit(",
        '    const answer: { status: string; content: { confirm: boolean } } = { status: "accept", content: { confirm: true } };\n    void Array.of(',
      ]),
      failing: ["Applying asks first, and a no closes nothing", "Applying with a cancel or an unticked box closes nothing"],
    },
    {
      name: "closes every open ticket",
      files: edit(C6, ['(t) => t.status === "open" && t.daysSinceUpdate > STALE_AFTER_DAYS', '(t) => t.status === "open"']),
      failing: ["Applying closes the stale tickets after a yes"],
    },
  ],
  "c8-support-desk-every-answer": [
    {
      name: "the starter (reads content whatever the answer)",
      files: starterAsIs,
      failing: [
        "Says nothing was escalated when the person declines",
        "Says so on cancel, in other words than for decline",
        "Answers a client without forms with plain text instead of an error",
      ],
    },
    {
      name: "asks every client",
      files: edit(C8, ["if (!server.server.getClientCapabilities()?.elicitation) {", "if (false) {"]),
      failing: ["Answers a client without forms with plain text instead of an error"],
    },
    {
      name: "cancel said like decline",
      files: edit(C8, ['if (answer.action === "decline") {', 'if (answer.action === "decline" || answer.action === "cancel") {']),
      failing: ["Says so on cancel, in other words than for decline"],
    },
  ],
  "c7-write-the-tests": [
    { name: "the starter's one test", files: starterAsIs, failing: C7_CATCHES },
    {
      name: "no test of decline or cancel",
      files: (solution, starter) => ({
        ...starter,
        "assign-ticket.test.ts": withoutTests(solution["assign-ticket.test.ts"], ["decline assigns nobody", "cancel assigns nobody"]),
      }),
      failing: ["Your tests catch a tool that assigns someone after a decline or cancel"],
    },
    {
      name: "a test that fails on the correct tool",
      files: (solution, starter) => ({ ...starter, "assign-ticket.test.ts": solution["assign-ticket.test.ts"].replace('toBe("bo")', 'toBe("ana")') }),
      failing: C7_EVERY,
      failure: "test",
    },
  ],
};

/** The test file without the named tests (each `test("name", ...)` block up to the next top-level test). */
function withoutTests(source: string, names: string[]): string {
  const blocks = source.split(/\n(?=test\()/);
  const kept = blocks.filter((block) => !names.some((name) => block.startsWith(`test(${JSON.stringify(name)}`)));
  if (kept.length !== blocks.length - names.length) throw new Error(`not every test of ${names.join(", ")} was found`);
  return kept.join("\n");
}
