// What the Call tab is doing: the chosen tool, persona and arguments, the question the tool is
// asking right now, and the outcome. A module-level store so keyboard shortcuts (Ctrl/Cmd+Enter
// in the editor) can start a call without going through the component tree.
import { useSyncExternalStore } from "react";
import { ApiError } from "../../server-bridge/http";
import { personaById, type PersonaId } from "../../server-bridge/personas";
import { CompileError, sessionKeeper } from "../../server-bridge/session";
import { wireLog } from "../../server-bridge/wire-log";
import type { AnsweredQuestion, CallOutcome, ElicitAnswer, ElicitationQuestion } from "../../server-bridge/mcp-client";
import { projectStore } from "../../project/project-store";
import { adaptSchema } from "./schema-adapter";

export interface CallState {
  tool?: string;
  persona: PersonaId;
  /** Arguments per tool, so switching tools back and forth keeps what was typed. */
  args: Record<string, Record<string, unknown>>;
  running: boolean;
  question?: ElicitationQuestion;
  outcome?: CallOutcome & { tool: string; persona: PersonaId; via?: "sendElicitationResult" };
  groupId?: number;
  /** Set when the call could not start at all (compile error, server unreachable). */
  problem?: string;
}

const PERSONA_KEY = "elicitation-playground:persona";
const loadMcp = () => import("../../server-bridge/mcp-client");

function initialPersona(): PersonaId {
  try {
    return personaById(localStorage.getItem(PERSONA_KEY) ?? "").id;
  } catch {
    return "2026-forms";
  }
}

class CallStore {
  private state: CallState = { persona: initialPersona(), args: {}, running: false };
  private listeners = new Set<() => void>();
  private answerQuestion: ((a: ElicitAnswer) => void) | undefined;

  subscribe = (l: () => void) => {
    this.listeners.add(l);
    return () => this.listeners.delete(l);
  };
  snapshot = () => this.state;

  private set(patch: Partial<CallState>) {
    this.state = { ...this.state, ...patch };
    for (const l of this.listeners) l();
  }

  selectTool(tool: string) {
    this.set({ tool });
  }

  setPersona(persona: PersonaId) {
    try {
      localStorage.setItem(PERSONA_KEY, persona);
    } catch {
      /* storage unavailable */
    }
    this.set({ persona });
  }

  setArgs(tool: string, value: Record<string, unknown>) {
    this.set({ args: { ...this.state.args, [tool]: value } });
  }

  /** The person's answer to the open question (Accept / Decline / Cancel). */
  answer(answer: ElicitAnswer) {
    const resolve = this.answerQuestion;
    this.answerQuestion = undefined;
    this.set({ question: undefined });
    resolve?.(answer);
  }

  private ask = (question: ElicitationQuestion) =>
    new Promise<ElicitAnswer>((resolve) => {
      this.answerQuestion = resolve;
      this.set({ question });
    });

  async call(toolOverride?: string) {
    const tool = toolOverride ?? this.state.tool ?? sessionKeeper.snapshot().tools[0]?.name;
    if (!tool || this.state.running) return;
    const persona = personaById(this.state.persona);
    const groupId = wireLog.beginGroup(`tools/call ${tool}`, persona.label);
    this.set({ tool, running: true, outcome: undefined, problem: undefined, question: undefined, groupId });
    // Called by shortcut before the form was touched: start from the schema's defaults, as the form would.
    const info = sessionKeeper.snapshot().tools.find((t) => t.name === tool);
    await this.run(groupId, tool, this.state.args[tool] ?? adaptSchema(info?.inputSchema).initial);
  }

  /** Answers a no-forms fallback by calling sendElicitationResult, inside the same Wire card. */
  async sendFallback(answer: { elicitId: string; action: ElicitAnswer["action"]; content?: Record<string, unknown> }) {
    const groupId = this.state.groupId;
    if (groupId === undefined || this.state.running) return;
    wireLog.resumeGroup(groupId);
    const previous = this.state.outcome?.answers ?? [];
    this.set({ running: true, problem: undefined });
    await this.run(groupId, "sendElicitationResult", { ...answer }, previous, "sendElicitationResult");
  }

  private async run(groupId: number, tool: string, args: Record<string, unknown>, earlier: AnsweredQuestion[] = [], via?: "sendElicitationResult") {
    const persona = personaById(this.state.persona);
    try {
      const mcp = await loadMcp();
      const files = projectStore.snapshot().files;
      const outcome = await sessionKeeper.withSession(files, async (_id, mcpUrl) => {
        try {
          return await mcp.callTool({ mcpUrl, generation: sessionKeeper.snapshot().generation, persona, tool, args, ask: this.ask });
        } catch (err) {
          if (err instanceof mcp.SessionGoneError) throw new ApiError(404, undefined, err.message);
          throw err;
        }
      });
      if (this.state.groupId !== groupId) return;
      this.set({
        outcome: { ...outcome, answers: [...earlier, ...outcome.answers], tool: via ? this.state.outcome?.tool ?? tool : tool, persona: persona.id, via },
      });
    } catch (err) {
      if (this.state.groupId !== groupId) return;
      this.set({
        problem: err instanceof CompileError ? `${err.message} Fix the problems in the editor, then call again.` : (err as Error).message,
      });
    } finally {
      if (this.state.groupId === groupId) this.set({ running: false, question: undefined });
    }
  }
}

export const callStore = new CallStore();

export function useCall(): CallState {
  return useSyncExternalStore(callStore.subscribe, callStore.snapshot);
}
