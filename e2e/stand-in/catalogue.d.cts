export declare const SECTION_FEEDS: Record<string, string[]>;
export declare function itemAgeMinutes(id: string, index: number): number;
