const SCALE = 5;

/** Drawn stars are decoration; assistive technology reads the sentence instead. */
export function Stars({ rating }: { rating: number }) {
  const filled = Math.min(Math.max(Math.round(rating), 0), SCALE);
  return (
    <p className="tc-stars" role="img" aria-label={`Rated ${filled} out of ${SCALE}`}>
      {'★'.repeat(filled)}
      {'☆'.repeat(SCALE - filled)}
    </p>
  );
}
