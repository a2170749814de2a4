/** Types of check-widget-size.mjs, for the widget benchmark. */
export declare const LOADER_BUDGET: number;
export declare const FIRST_LOAD_BUDGET: number;
export declare const defaultDist: string;
export declare function firstLoadFiles(manifest: Record<string, { file: string; imports?: string[]; css?: string[] }>): string[];
export declare function measureWidget(dist?: string): { loader: number; firstLoad: number; files: { file: string; bytes: number }[] };
