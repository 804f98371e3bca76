/** A big status number on a soft brand blob with a little game controller. */
export function Illustration({ code }: { code: number }) {
  return (
    <div className="relative" aria-hidden="true">
      <svg width="260" height="150" viewBox="0 0 260 150" className="max-w-full">
        <defs>
          <linearGradient id="err-blob" x1="0" y1="0" x2="1" y2="1">
            <stop offset="0" stopColor="#ffebd4" />
            <stop offset="1" stopColor="#ffd2a8" />
          </linearGradient>
        </defs>
        <path
          d="M30 90C18 52 52 14 104 12c40-2 58 16 96 14 36-2 58 28 50 62-8 36-46 54-98 56-60 2-110-14-122-54z"
          fill="url(#err-blob)"
        />
        <circle cx="222" cy="30" r="8" fill="#ffb170" />
        <circle cx="36" cy="128" r="5" fill="#ff8537" />
        <text
          x="130"
          y="102"
          textAnchor="middle"
          fontSize="72"
          fontWeight="800"
          fill="#c63508"
          fontFamily="system-ui, -apple-system, Segoe UI, Roboto, sans-serif"
          letterSpacing="4"
        >
          {code}
        </text>
      </svg>
    </div>
  );
}
