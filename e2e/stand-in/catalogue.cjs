/**
 * Which sample feeds each section reads, and how old each sample item is. Shared by the
 * stand-in (which serves the feeds) and the tests (which predict the merged order).
 * CommonJS so that both Playwright's loader and plain Node scripts can load it.
 */

/** Section slug → feed ids, in the order the section lists them. */
const SECTION_FEEDS = {
  local: ["local"],
  national: ["national"],
  world: ["world"],
  politics: ["politics"],
  business: ["business"],
  technology: ["technology"],
  automotive: ["automotive"],
  realestate: ["realestate"],
  health: ["health"],
  sports: ["baseball", "tennis", "golf", "hockey", "soccer"],
  culture: ["culture"],
  food: ["food"],
  lifestyle: ["lifestyle"],
  opinion: ["opinion"],
  archives: ["archives"],
};

/**
 * Minutes before start for item `index` of feed `id`. Sports feeds interleave: item i of
 * the k-th sports feed is 50*i + 10*k minutes old, so the merged order is known.
 */
function itemAgeMinutes(id, index) {
  const sport = SECTION_FEEDS.sports.indexOf(id);
  return sport >= 0 ? 50 * index + 10 * sport : 45 * index + 5;
}

module.exports = { SECTION_FEEDS, itemAgeMinutes };
