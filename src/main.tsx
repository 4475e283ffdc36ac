import { lazy, StrictMode, Suspense } from "react";
import { createRoot } from "react-dom/client";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { App } from "./app/App";
import { CrashScreen } from "./app/CrashScreen";
import { LiveRegion } from "./ui/LiveRegion";
import { keepFocusInDialogs } from "./ui/dialog-focus";
import { ReleasedHelp } from "./rooms/ReleasedHelp";
import { RoomHeader } from "./rooms/RoomHeader";
import { RoomPage } from "./rooms/RoomPage";
import "./styles.css";

const ReplayPage = lazy(() => import("./replay/ReplayPage"));
/** `/?replay`: a recorded session, read-only, with none of the live playground mounted (so nothing talks to the server). */
const replaying = new URLSearchParams(location.search).has("replay");

keepFocusInDialogs();
const queryClient = new QueryClient({ defaultOptions: { queries: { refetchOnWindowFocus: false } } });

createRoot(document.getElementById("root")!).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <CrashScreen>
        {replaying ? (
          <Suspense>
            <ReplayPage />
          </Suspense>
        ) : (
          <RoomPage fallback={<App headerSlot={(lesson) => <RoomHeader lesson={lesson} />} checkSlot={<ReleasedHelp />} />} />
        )}
        <LiveRegion />
      </CrashScreen>
    </QueryClientProvider>
  </StrictMode>,
);
