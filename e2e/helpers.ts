import type { TestInfo } from "@playwright/test";

export const isPhone = (info: TestInfo) => info.project.name === "phone";
