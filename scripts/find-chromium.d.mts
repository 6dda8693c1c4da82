export declare const INSTALL_HINT: string;
export declare function findChromium(env?: NodeJS.ProcessEnv): string | null;
