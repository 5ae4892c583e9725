/** The largest image drawn, in pixels a side: decoding takes 4 bytes a pixel, whatever the file's size. */
export const maxImageSide = 4096;
