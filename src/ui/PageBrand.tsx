// The playground's name, linking home, and the separator before a page's own title: the teacher and author pages.
export function PageBrand() {
  return (
    <>
      <a href="/" className="mr-1 flex items-center gap-2 font-bold whitespace-nowrap">
        <img src="/favicon.svg" alt="" className="size-6" />
        Elicitation Playground
      </a>
      <span className="text-slate-500 dark:text-slate-400" aria-hidden>
        /
      </span>
    </>
  );
}
