// Enter inside a date picker confirms the typed date and must not submit the form around it (the
// browser's implicit submission): for every DatePicker/RangePicker of the app, in the capture phase,
// before the picker's own handler (which still runs and commits the date).
export function enterNoCalendarioNaoEnvia(doc: Document = document) {
  doc.addEventListener(
    'keydown',
    (e) => {
      if (e.key === 'Enter' && e.target instanceof Element && e.target.closest('.ant-picker')) e.preventDefault();
    },
    true,
  );
}
