/** Advertising placements. Each has a desktop and a mobile banner id from the ad network. */
export const AD_PLACEMENTS = {
  top: { bannerId: 6079445, mobileBannerId: 1452360, minHeight: 250 },
  middle: { bannerId: 6079446, mobileBannerId: 1452361, minHeight: 250 },
  sidebar: { bannerId: 6079448, mobileBannerId: 1452363, minHeight: 600 },
} as const;

export type AdPlacement = keyof typeof AD_PLACEMENTS;
