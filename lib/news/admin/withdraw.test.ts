import { revalidateTag } from "next/cache";
import { ArchiveUnavailableError, changeWithdrawal } from "../../archive";
import type { Publication } from "../../publication";
import { withdrawHeadline } from "./withdraw";

jest.mock("next/cache", () => ({ revalidateTag: jest.fn() }));
jest.mock("../../archive", () => ({
  ...jest.requireActual("../../archive/types"),
  changeWithdrawal: jest.fn(),
}));

const change = jest.mocked(changeWithdrawal);
const lakeside = { key: "lakeside" } as Publication;
const LINK = "https://news.example/national/1-story";

afterEach(() => jest.resetAllMocks());

describe("withdrawHeadline", () => {
  it("an editor's acts on their publication, says who asked, and expires its pages", async () => {
    change.mockResolvedValueOnce(true);
    expect(await withdrawHeadline(lakeside, "publication", LINK, false)).toEqual({
      target: "lakeside",
      changed: true,
    });
    expect(change).toHaveBeenCalledWith(
      { target: "lakeside", link: LINK, by: "editors of lakeside" },
      false,
    );
    expect(revalidateTag).toHaveBeenCalledTimes(1);
    expect(revalidateTag).toHaveBeenCalledWith("withdrawn:lakeside", { expire: 0 });
  });

  it("the operators' acts on every publication", async () => {
    change.mockResolvedValueOnce(true);
    expect(await withdrawHeadline(lakeside, "network", LINK, true)).toEqual({
      target: "*",
      changed: true,
    });
    expect(change).toHaveBeenCalledWith({ target: "*", link: LINK, by: "operators" }, true);
    expect(revalidateTag).toHaveBeenCalledWith("withdrawn:*", { expire: 0 });
  });

  it("nothing changed, nothing expires", async () => {
    change.mockResolvedValueOnce(false);
    expect(await withdrawHeadline(lakeside, "publication", LINK, true)).toEqual({
      target: "lakeside",
      changed: false,
    });
    expect(revalidateTag).not.toHaveBeenCalled();
  });

  it("the archive away: the error reaches the route, nothing expires", async () => {
    change.mockRejectedValueOnce(new ArchiveUnavailableError("database away"));
    await expect(withdrawHeadline(lakeside, "publication", LINK, false)).rejects.toBeInstanceOf(
      ArchiveUnavailableError,
    );
    expect(revalidateTag).not.toHaveBeenCalled();
  });
});
