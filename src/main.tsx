import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { App } from "./app/App";
import { CrashScreen } from "./app/CrashScreen";
import { RoomPage } from "./rooms/RoomPage";
import "./styles.css";

const queryClient = new QueryClient({ defaultOptions: { queries: { refetchOnWindowFocus: false } } });

createRoot(document.getElementById("root")!).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <CrashScreen>
        <RoomPage fallback={<App />} />
      </CrashScreen>
    </QueryClientProvider>
  </StrictMode>,
);
