/** The saved card's address under /api; /myprofile's <link rel="preload"> names it too, so it must be one string. */
export const MY_CARD_PATH = '/business-card/my_card';
