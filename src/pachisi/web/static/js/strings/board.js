// Interface texts of the board (English and Russian); i18n.js merges them into its dictionaries.
export const EN = {
};

export const RU = {
};
