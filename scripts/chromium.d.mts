export declare const chromiumPath: string;
export declare const chromiumArgs: string[];
export declare const headlessShellPath: string;
export declare function e2eBrowserPath(): string | undefined;
