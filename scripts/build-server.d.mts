// Types of build-server.mjs for the TypeScript tests that read its entry points.
export const SERVER_OUT_DIR: string;
export const SERVER_ENTRY_POINTS: Record<string, string>;
export function buildServer(): Promise<void>;
