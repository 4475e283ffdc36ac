// What the Call tab is doing, per lesson: the chosen tool and arguments, the question the tool
// is asking right now, the outcome and the history of earlier calls. Each lesson keeps its own,
// so switching lessons never shows another lesson's result. A module-level store so keyboard
// shortcuts (Ctrl/Cmd+Enter in the editor) can start a call without going through the tree.
import { useSyncExternalStore } from "react";
import { ApiError } from "../../server-bridge/http";
import { DEFAULT_PERSONA, personaNamed, type PersonaName } from "../../server-bridge/personas";
import { CompileError, sessionKeeper } from "../../server-bridge/session";
import { wireLog } from "../../server-bridge/wire-log";
import type { CallOutcome, ElicitAnswer, ElicitationQuestion } from "../../server-bridge/mcp-client";
import { projectStore } from "../../project/project-store";
import { verdictKeeper } from "../../lessons/verdict-keeper";
import { adaptSchema } from "./schema-adapter";
import { loadPersona, savePersona } from "./stored-persona";
import { MISBEHAVIOUR_NAMES, type MisbehaviourName } from "../../../contract/misbehaviour";
import { announce } from "../../ui/announcer";
import { outcomeAnnouncement, questionAnnouncement } from "./call-announcements";
import { PERSON_DELAYS, type PersonDelay } from "./person-delays";

export type FinishedCall = CallOutcome & {
  /** Counts calls across the page, so history entries have a stable name ("call 3"). */
  seq: number;
  tool: string;
  persona: PersonaName;
  args: Record<string, unknown>;
  at: number;
  via?: "sendElicitationResult";
  /** The Wire card of this call. */
  groupId?: number;
  /** The rule a `misbehaving` client broke in round 2. */
  broke?: MisbehaviourName;
};

export interface LessonCall {
  tool?: string;
  /** Arguments per tool, so switching tools back and forth keeps what was typed. */
  args: Record<string, Record<string, unknown>>;
  running: boolean;
  question?: ElicitationQuestion;
  /** The page an accepted URL-mode question sent the person to, while the call goes on without them. */
  awaitingPage?: string;
  outcome?: FinishedCall;
  /** Finished calls of this lesson, newest first. */
  history: FinishedCall[];
  groupId?: number;
  /** Set when the call could not start or finish (compile error, server unreachable, answer lost). */
  problem?: string;
  /** The person has answered and hands the answer over at `until` (never, when not set). */
  held?: { until?: number };
}

export interface CallState extends LessonCall {
  persona: PersonaName;
  /** The rule the `misbehaving` client breaks. */
  breaks: MisbehaviourName;
  /** How long the person takes to hand an answer over, and whether calls are fast-forwarded. */
  personDelay: PersonDelay;
  fastForward: boolean;
  lessonId?: string;
  /** The client the open lesson's text is written for. */
  lessonPersona?: PersonaName;
}

const HISTORY_LIMIT = 20;
const NO_LESSON = "";
const loadMcp = () => import("../../server-bridge/mcp-client");
const empty = (): LessonCall => ({ args: {}, running: false, history: [] });

/** The person's answer could not reach the tool; the message says why. */
export class QuestionWithdrawn extends Error {
  constructor(message: string) {
    super(message);
    this.name = "QuestionWithdrawn";
  }
}

const LEFT_LESSON =
  "You opened another lesson while the tool was asking. Your server now runs that lesson's code, so this question can no longer be answered; nothing was sent. Call again to start over.";
const SESSION_GONE =
  "Your answer could not be delivered: the playground server no longer knows this session (it restarted, or the session expired or was evicted after being idle). Your files are safe and a new session is being made; call again to start over.";

class CallStore {
  private persona: PersonaName = loadPersona() ?? DEFAULT_PERSONA;
  private breaks: MisbehaviourName = MISBEHAVIOUR_NAMES[0];
  private personDelay: PersonDelay = "now";
  private fastForward = false;
  private lessonPersona: PersonaName | undefined;
  private lessonId = NO_LESSON;
  private lessons = new Map<string, LessonCall>([[NO_LESSON, empty()]]);
  private view: CallState = { ...empty(), persona: this.persona, breaks: this.breaks, personDelay: this.personDelay, fastForward: this.fastForward };
  private listeners = new Set<() => void>();
  private pending = new Map<string, { resolve: (a: ElicitAnswer) => void; reject: (e: Error) => void }>();
  /** Answers the person gave and has not handed over yet, per lesson. */
  private heldAnswers = new Map<string, ElicitAnswer>();
  private seq = 0;

  subscribe = (l: () => void) => {
    this.listeners.add(l);
    return () => this.listeners.delete(l);
  };
  snapshot = () => this.view;

  private of(lessonId: string): LessonCall {
    let s = this.lessons.get(lessonId);
    if (!s) this.lessons.set(lessonId, (s = empty()));
    return s;
  }

  private publish() {
    this.view = {
      ...this.of(this.lessonId),
      persona: this.persona,
      breaks: this.breaks,
      personDelay: this.personDelay,
      fastForward: this.fastForward,
      lessonId: this.lessonId || undefined,
      lessonPersona: this.lessonPersona,
    };
    for (const l of this.listeners) l();
  }

  private setFor(lessonId: string, patch: Partial<LessonCall>) {
    this.lessons.set(lessonId, { ...this.of(lessonId), ...patch });
    this.publish();
  }

  private set(patch: Partial<LessonCall>) {
    this.setFor(this.lessonId, patch);
  }

  /**
   * Shows this lesson's own call state (empty the first time). A question still open in the
   * lesson being left cannot be answered any more: the server is about to run other code.
   */
  openLesson(lessonId: string, persona?: PersonaName) {
    if (lessonId !== this.lessonId) this.withdraw(this.lessonId, LEFT_LESSON);
    this.lessonId = lessonId;
    this.lessonPersona = persona;
    if (this.lessonPersona) this.persona = this.lessonPersona;
    this.publish();
  }

  private withdraw(lessonId: string, why: string) {
    const open = this.pending.get(lessonId);
    if (!open) return;
    this.pending.delete(lessonId);
    this.heldAnswers.delete(lessonId);
    this.setFor(lessonId, { question: undefined, held: undefined, problem: why });
    open.reject(new QuestionWithdrawn(why));
  }

  selectTool(tool: string) {
    this.set({ tool });
  }

  setPersona(persona: PersonaName) {
    savePersona(persona);
    this.persona = persona;
    this.publish();
  }

  setBreaks(breaks: MisbehaviourName) {
    this.breaks = breaks;
    this.publish();
  }

  setPersonDelay(delay: PersonDelay) {
    this.personDelay = delay;
    this.publish();
  }

  setFastForward(on: boolean) {
    this.fastForward = on;
    this.publish();
  }

  setArgs(tool: string, value: Record<string, unknown>) {
    this.set({ args: { ...this.of(this.lessonId).args, [tool]: value } });
  }

  /**
   * The person's answer to the open question (Accept / Decline / Cancel, or raw JSON), handed to the client after the
   * person's delay. Until then the question stays open: the call may end first (a client's timeout), or be withdrawn.
   */
  answer(answer: ElicitAnswer) {
    const lessonId = this.lessonId;
    const open = this.pending.get(lessonId);
    const delay = PERSON_DELAYS[this.personDelay];
    const { question } = this.of(lessonId);
    this.set({ question: undefined, awaitingPage: question?.mode === "url" && answer.action === "accept" ? question.url : undefined });
    if (!open || delay === 0) return this.handOver(lessonId, answer);
    this.set({ held: delay === null ? {} : { until: Date.now() + delay } });
    this.heldAnswers.set(lessonId, answer);
    if (delay !== null) setTimeout(() => this.pending.get(lessonId) === open && this.handOver(lessonId, answer), delay);
  }

  /** Gives the held answer to the client now (the "Hand it over now" button), or `answer` when given. */
  handOver(lessonId = this.lessonId, answer = this.heldAnswers.get(lessonId)) {
    const open = this.pending.get(lessonId);
    this.pending.delete(lessonId);
    this.heldAnswers.delete(lessonId);
    this.setFor(lessonId, { held: undefined });
    if (answer) open?.resolve(answer);
  }

  /** Forgets this lesson's history (the reset of a lesson, or of all lessons). */
  forget(lessonId?: string) {
    if (lessonId === undefined) {
      for (const id of [...this.pending.keys()]) this.withdraw(id, "The lessons were reset.");
      this.lessons.clear();
    } else {
      this.withdraw(lessonId, "The lesson was reset.");
      this.lessons.delete(lessonId);
    }
    this.publish();
  }

  private askIn = (lessonId: string) => (question: ElicitationQuestion) =>
    new Promise<ElicitAnswer>((resolve, reject) => {
      this.pending.set(lessonId, { resolve, reject });
      this.setFor(lessonId, { question, awaitingPage: undefined });
      announce(questionAnnouncement(question));
    });

  async call(toolOverride?: string) {
    const lessonId = this.lessonId;
    const state = this.of(lessonId);
    const tool = toolOverride ?? state.tool ?? sessionKeeper.snapshot().tools[0]?.name;
    if (!tool || state.running) return;
    const persona = personaNamed(this.persona);
    const groupId = wireLog.beginGroup(`tools/call ${tool}`, persona.label);
    this.set({ tool, running: true, outcome: undefined, problem: undefined, question: undefined, held: undefined, groupId });
    // Called by shortcut before the form was touched: start from the schema's defaults, as the form would.
    const info = sessionKeeper.snapshot().tools.find((t) => t.name === tool);
    await this.run(lessonId, groupId, tool, state.args[tool] ?? adaptSchema(info?.inputSchema).initial);
  }

  /** Answers a no-forms fallback by calling sendElicitationResult, inside the same Wire card. */
  async sendFallback(answer: { elicitId: string; action: ElicitAnswer["action"]; content?: Record<string, unknown> }) {
    const lessonId = this.lessonId;
    const { groupId, running, outcome } = this.of(lessonId);
    if (groupId === undefined || running) return;
    wireLog.resumeGroup(groupId);
    this.set({ running: true, problem: undefined });
    await this.run(lessonId, groupId, "sendElicitationResult", { ...answer }, outcome);
  }

  private async run(lessonId: string, groupId: number, tool: string, args: Record<string, unknown>, fallbackOf?: FinishedCall) {
    const persona = personaNamed(this.persona);
    const isCurrent = () => this.of(lessonId).groupId === groupId;
    try {
      const mcp = await loadMcp();
      const files = projectStore.snapshot().files;
      const broke = persona.name === "misbehaving" && !fallbackOf ? this.breaks : undefined;
      const breaks = broke && {
        name: broke,
        tools: sessionKeeper.snapshot().tools.map((t) => t.name),
        beforeRetry: async () => void (broke === "state-after-reset" && (await sessionKeeper.resetData(files, true))),
      };
      const outcome = await sessionKeeper.withSession(files, async (_id, mcpUrl) => {
        try {
          const { generation, discover } = sessionKeeper.snapshot();
          const fastForward = this.fastForward;
          return await mcp.callTool({ mcpUrl, generation, discover, persona, tool, args, ask: this.askIn(lessonId), breaks, fastForward });
        } catch (err) {
          if (!(err instanceof mcp.SessionGoneError)) throw err;
          // Before any answer a fresh session can quietly take the call; after one, the answer is lost and the person must know.
          if (err.answered === 0) throw new ApiError(404, undefined, err.message);
          void sessionKeeper.recreate(files).catch(() => undefined);
          throw new QuestionWithdrawn(SESSION_GONE);
        }
      });
      if (!isCurrent()) return;
      const finished: FinishedCall = {
        ...outcome,
        answers: [...(fallbackOf?.answers ?? []), ...outcome.answers],
        seq: ++this.seq,
        tool: fallbackOf?.tool ?? tool,
        args: fallbackOf?.args ?? args,
        persona: persona.name,
        at: Date.now(),
        via: fallbackOf ? "sendElicitationResult" : undefined,
        groupId,
        broke,
      };
      const history = [finished, ...this.of(lessonId).history].slice(0, HISTORY_LIMIT);
      this.setFor(lessonId, { outcome: finished, history });
      const said = outcomeAnnouncement(finished);
      if (said) announce(said);
      // The server served this call: a lesson that asks for it may tick now.
      verdictKeeper.request();
    } catch (err) {
      if (!isCurrent()) return;
      const message = err instanceof CompileError ? `${err.message} Fix the problems listed under the editor, then call again.` : (err as Error).message;
      this.setFor(lessonId, { problem: message });
    } finally {
      if (isCurrent()) {
        this.pending.delete(lessonId);
        this.heldAnswers.delete(lessonId);
        this.setFor(lessonId, { running: false, question: undefined, held: undefined, awaitingPage: undefined });
      }
    }
  }
}

export const callStore = new CallStore();

export function useCall(): CallState {
  return useSyncExternalStore(callStore.subscribe, callStore.snapshot);
}
