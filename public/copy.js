// Adds a "Copy" button to every code block. Pages work without it: it only adds convenience.
for (const block of document.querySelectorAll('.code[data-copy-label]')) {
  const button = document.createElement('button');
  button.type = 'button';
  button.className = 'copy';
  button.textContent = 'Copy';
  button.setAttribute('aria-label', `Copy ${block.dataset.copyLabel}`);
  button.addEventListener('click', async () => {
    const text = block.querySelector('pre')?.innerText ?? '';
    try {
      await navigator.clipboard.writeText(text);
      button.textContent = 'Copied';
    } catch {
      button.textContent = 'Copy failed';
    }
    setTimeout(() => (button.textContent = 'Copy'), 1500);
  });
  block.prepend(button);
}
