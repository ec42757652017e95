// The first tab stop: straight to the view, past the environment switch and the view tabs. The
// view's first control (its search box) is the next one. A plain `#main` link would change the
// hash route, so it moves focus itself.

export function SkipLink() {
  return (
    <a
      className="skip-link"
      href="#main"
      onClick={(e) => {
        e.preventDefault();
        document.getElementById('main')?.focus();
      }}
    >
      Skip to content
    </a>
  );
}
