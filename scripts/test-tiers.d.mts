export declare const UNIT_INCLUDE: string[];
export declare const SOAK_SPECS: string[];
export declare const POSTGRES_SUITES: string[];
export declare const TIERS: Record<string, { label: string; args: string[]; needs?: string; env?: Record<string, string> }>;
export declare const DEFAULT_TIERS: string[];
export declare const CI_TIERS: string[];
