// Types of scripts/docs-page.mjs for the TypeScript tests.
export declare function localLogo(html: string): string;
export declare function hashLinks(html: string): string;
export declare function splitPage(html: string): { page: string; script: string };
export declare function withDescription(html: string, description: string): string;
export declare function compressed(bytes: Buffer): { gz: Buffer; br: Buffer };
export declare function etagOf(bytes: Buffer, coding?: string): string;
