// Wrong solutions of challenges 9 and 10 (a client that breaks the rules, a sign-in on an outside page), in the
// shape of challenge-variants.ts, which includes them.
import { edit, starterAsIs, type WrongSolution } from "./variant-kit";

const C9 = "close-ticket.tool.ts";
const C10 = "send-invoice.tool.ts";
/** c9: the checks a change made before the answer fails, whatever the client broke. */
const C9_BEFORE_ANSWER = [
  "A refused requestState closes nothing and emails no one",
  "A round 2 for another ticket or tool closes nothing",
  "An answer outside the form closes nothing",
  "A call cancelled while the person reads the form closes nothing",
];

export const WRONG_SOLUTIONS_C9_C10: Record<string, WrongSolution[]> = {
  "c9-survive-a-client-that-breaks-the-rules": [
    { name: "the starter (closes first, reopens on a no)", files: starterAsIs, failing: C9_BEFORE_ANSWER },
    {
      name: "closes first and keeps it closed on a no",
      files: (_, starter) =>
        edit(C9, [
          '    if (answer.status !== "accept" || !answer.content.confirm) {\n      ticket.status = "open";\n',
          '    if (answer.status !== "accept" || !answer.content.confirm) {\n',
        ])(starter),
      failing: [...C9_BEFORE_ANSWER, "An action outside the enum is asked again, and a no closes nothing"],
    },
    {
      // Every run up to the question sends it: round 1, each question asked again, and the run that acts.
      name: "emails before asking",
      files: edit(
        C9,
        [
          '    ticket.status = "closed";\n    outbox.push({ to: ticket.customer, subject: `Your ticket ${ticket.id} is closed` });\n',
          '    ticket.status = "closed";\n',
        ],
        [
          "    const answer = await this.elicit(",
          "    outbox.push({ to: ticket.customer, subject: `Your ticket ${ticket.id} is closed` });\n    const answer = await this.elicit(",
        ],
      ),
      failing: [
        "A refused requestState closes nothing and emails no one",
        "A round 2 for another ticket or tool closes nothing",
        "An answer outside the form closes nothing",
        "An action outside the enum is asked again, and a no closes nothing",
        "A call cancelled while the person reads the form closes nothing",
        "A question answered twice closes the ticket once and sends one email",
        "A reused id changes nothing, and the call still closes after a yes",
        "A correct client's ticked yes closes the ticket and sends one email",
      ],
    },
  ],
  "c10-finish-after-sign-in": [
    {
      name: "the starter (sends on accept)",
      files: starterAsIs,
      failing: [
        "Accept, then Cancel on the page, sends nothing",
        "The result says the sign-in did not finish",
        "On 2025-11-25 too: sent after Sign in, not after Cancel",
      ],
    },
    {
      name: "sends after Cancel on the page too",
      files: edit(C10, ['if (outcome !== "completed") {', 'if (outcome === "expired") {']),
      failing: [
        "Accept, then Cancel on the page, sends nothing",
        "The result says the sign-in did not finish",
        "On 2025-11-25 too: sent after Sign in, not after Cancel",
      ],
    },
    {
      name: "says nothing of why",
      files: edit(C10, [
        "return { id: input.id, sent: false, reason: `The sign-in did not finish (${outcome}), so nothing was sent.` };",
        "return { id: input.id, sent: false };",
      ]),
      failing: ["The result says the sign-in did not finish"],
    },
  ],
};
