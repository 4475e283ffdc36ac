// The page client's request timeout in seconds, for the words on screen (the client itself is loaded on the first
// call; this is the SDK's DEFAULT_REQUEST_TIMEOUT_MSEC, checked against it in request-timeout.spec.ts).
import { FAST_FORWARD } from "../../../contract/person-timing";

const SDK_DEFAULT_SECONDS = 60;
export const requestTimeoutSeconds = (fastForward: boolean) => SDK_DEFAULT_SECONDS / (fastForward ? FAST_FORWARD : 1);
