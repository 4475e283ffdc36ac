export declare const SERVER_ENV: Record<string, string>;
