import { unstable_cache } from "next/cache";
import { ERROR_RETRY_SECONDS } from "../cache";
import { withArchive } from "./engine";
import { storyMarks } from "./story-marks";
import { ArchiveUnavailableError, type StoryMark } from "./types";

/**
 * A page's cards' marks when the archive cannot answer: the cards show without them, and the
 * page is not kept for its feeds' lifetime (minutes) without its marks: the render carries a
 * failure's entry, which lives ERROR_RETRY_SECONDS, so it is made again that soon.
 */

jest.mock("next/cache", () => ({
  unstable_cache: jest.fn((work: () => Promise<unknown>) => work),
}));
jest.mock("./engine", () => ({ withArchive: jest.fn() }));

const cached = jest.mocked(unstable_cache);
const archive = jest.mocked(withArchive);
const LINKS = ["https://wire.example/a", "https://herald.example/b"];

beforeEach(() => jest.clearAllMocks());

const lifetimes = () => cached.mock.calls.map(([, , options]) => options?.revalidate);

test("the archive away: no marks, and the render lives as a failure does", async () => {
  archive.mockRejectedValue(new ArchiveUnavailableError("archive: no answer"));
  expect((await storyMarks("riverbend", LINKS)).size).toBe(0);
  expect(lifetimes()).toEqual([ERROR_RETRY_SECONDS]);
});

test("the archive answering: its marks, and no failure's lifetime", async () => {
  const mark: StoryMark = { link: LINKS[0]!, story: "17", feed: "f", sources: 3 };
  archive.mockResolvedValue([mark]);
  expect((await storyMarks("riverbend", LINKS)).get(LINKS[0]!)).toEqual(mark);
  expect(lifetimes()).toEqual([]);
});
