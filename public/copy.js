// Adds a "Copy" button to every code block. Pages work without it: it only adds convenience.
for (const block of document.querySelectorAll('.code[data-copy-label]')) {
  const button = document.createElement('button');
  button.type = 'button';
  button.className = 'copy';
  button.textContent = 'Copy';
  button.setAttribute('aria-label', `Copy ${block.dataset.copyLabel}`);
  button.addEventListener('click', async () => {
    const text = block.querySelector('pre')?.textContent ?? '';
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

// Schema trees: "Expand all" and "Collapse all" for the fields nested in <details>, and a field's
// name, a link to itself, also copies its address. Without script the tree reads the same, one level at a time.
for (const tree of document.querySelectorAll('[data-schema-tree]')) {
  const tools = document.createElement('div');
  tools.className = 'schema-tools';
  for (const [label, open] of [
    ['Expand all', true],
    ['Collapse all', false],
  ]) {
    const button = document.createElement('button');
    button.type = 'button';
    button.textContent = label;
    button.addEventListener('click', () => {
      for (const details of tree.querySelectorAll('details')) details.open = open;
    });
    tools.append(button);
  }
  tree.prepend(tools);
}
document.addEventListener('click', (event) => {
  const link = event.target instanceof Element ? event.target.closest('a.prop-name') : null;
  if (link && navigator.clipboard) navigator.clipboard.writeText(link.href).catch(() => {});
});
