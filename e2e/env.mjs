/**
 * The environment the production build runs with in tests and in the demo: every
 * upstream points at the local stand-in through the documented variables.
 */
export const STAND_IN_PORT = Number(process.env.STAND_IN_PORT ?? 4010);
const standIn = `http://127.0.0.1:${STAND_IN_PORT}`;

export function appEnv({ siteUrl }) {
  return {
    SITE_URL: siteUrl,
    EVENTS_WALL_URL: `${standIn}/embed/events`,
    CONTACT_FORM_URL: `${standIn}/embed/contact`,
    MARKET_BOARD_URL: `${standIn}/embed/market-board`,
    PARTNER_DOC_URLS: ["media-kit", "network-guide", "sponsorship"]
      .map((doc) => `${standIn}/embed/docs/${doc}/preview`)
      .join(","),
  };
}

export const STAND_IN_URL = standIn;
