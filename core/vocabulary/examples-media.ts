/** Small inline media for examples and the gallery (no network needed to show them). */

/** A 160×80 blue rectangle as an SVG data: URI (SVG is only ever shown through `<img>`). */
export const IMAGE_EXAMPLE =
  "data:image/svg+xml,%3Csvg%20xmlns%3D'http%3A%2F%2Fwww.w3.org%2F2000%2Fsvg'%20width%3D'160'%20height%3D'80'%3E" +
  "%3Crect%20width%3D'160'%20height%3D'80'%20rx%3D'8'%20fill%3D'%230b5cd5'%2F%3E%3C%2Fsvg%3E";

/** A silent 8 kHz WAV with no samples. */
export const AUDIO_EXAMPLE = 'data:audio/wav;base64,UklGRiQAAABXQVZFZm10IBAAAAABAAEAQB8AAEAfAAABAAgAZGF0YQAAAAA=';
