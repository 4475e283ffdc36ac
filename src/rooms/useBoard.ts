// The teacher's board, live: the first state and every change arrive on the room's event stream (no polling).
import { useEffect, useState } from "react";
import { boardEventsUrl, followEvents, type Board } from "../server-bridge/rooms";

export type BoardState = { board?: Board; stream: "connecting" | "live" | "reconnecting" | "refused"; status?: number };

export function useBoard(code: string, key: string | undefined): BoardState {
  const [state, setState] = useState<BoardState>({ stream: "connecting" });
  useEffect(() => {
    if (!key) return setState({ stream: "refused", status: 401 });
    const controller = new AbortController();
    followEvents(
      boardEventsUrl(code),
      key,
      (event) => event.type === "board" && setState((s) => ({ ...s, board: event.board })),
      (stream, status) => setState((s) => ({ ...s, stream, status })),
      controller.signal,
    );
    return () => controller.abort();
  }, [code, key]);
  return state;
}
