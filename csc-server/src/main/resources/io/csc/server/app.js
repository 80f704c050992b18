'use strict';
// The page of csc serve: draws the clustering, shows the question, sends answers. No build step.
(function () {
  const PALETTE = ['#1f77b4', '#ff7f0e', '#2ca02c', '#d62728', '#9467bd', '#8c564b', '#e377c2', '#7f7f7f',
    '#bcbd22', '#17becf', '#393b79', '#ad494a', '#637939', '#8c6d31', '#843c39', '#7b4173', '#3182bd', '#e6550d',
    '#31a354', '#756bb1'];
  let state = null;
  let busy = false;
  let version = 0;
  const $ = (id) => document.getElementById(id);

  function show(message) { $('message').textContent = message || ''; }

  async function request(method, url, body) {
    const options = { method: method, headers: {} };
    if (method === 'POST') {
      options.headers['Content-Type'] = 'application/json';
      options.headers['X-CSRF-Token'] = state ? state.token : '';
      options.body = JSON.stringify(body || {});
    }
    const response = await fetch(url, options);
    const text = await response.text();
    let json = null;
    try { json = JSON.parse(text); } catch (e) { json = null; }
    if (!response.ok) {
      throw new Error((json && json.error) || ('HTTP ' + response.status));
    }
    return json;
  }

  function setBusy(value) {
    busy = value;
    for (const id of ['same', 'different', 'dontknow']) { $(id).disabled = value || !state || !state.question; }
    $('undo').disabled = value || !state || !state.canUndo;
    document.body.dataset.busy = value ? 'true' : 'false';
  }

  function renderPoint(element, index, view, which) {
    element.querySelector('h3').textContent = 'Point ' + index;
    element.dataset.index = String(index);
    const body = element.querySelector('.body');
    body.replaceChildren();
    if (view.kind === 'image') {
      const pixels = view[which + 'Pixels'];
      const canvas = document.createElement('canvas');
      canvas.className = 'image';
      canvas.width = view.width; canvas.height = view.height;
      const scale = Math.max(1, Math.floor(168 / Math.max(view.width, view.height)));
      canvas.style.width = (view.width * scale) + 'px';
      canvas.style.height = (view.height * scale) + 'px';
      const context = canvas.getContext('2d');
      const image = context.createImageData(view.width, view.height);
      for (let p = 0; p < pixels.length; p++) {
        const grey = pixels[p];
        image.data[4 * p] = grey; image.data[4 * p + 1] = grey; image.data[4 * p + 2] = grey; image.data[4 * p + 3] = 255;
      }
      context.putImageData(image, 0, 0);
      body.appendChild(canvas);
      return;
    }
    const table = document.createElement('table');
    const head = table.insertRow();
    for (const title of ['feature', 'value']) {
      const cell = document.createElement('th'); cell.textContent = title; head.appendChild(cell);
    }
    for (const column of view.columns) {
      const row = table.insertRow();
      if (column.highlight) { row.className = 'highlight'; row.title = 'one of the most different features'; }
      row.insertCell().textContent = column.name;
      row.insertCell().textContent = format(column[which]);
    }
    body.appendChild(table);
  }

  function format(value) {
    if (typeof value !== 'number') { return String(value); }
    return Math.abs(value) >= 1000 || Number.isInteger(value) ? String(value) : value.toPrecision(4);
  }

  function render() {
    $('title').textContent = state.data + ': ' + state.points + ' points, ' + state.features + ' features, k = '
      + state.clusters + ' \u00b7 method ' + state.method + ' \u00b7 questions by ' + state.strategy;
    $('answered').textContent = String(state.answered);
    $('links').textContent = state.mustLinks + ' same, ' + state.cannotLinks + ' different';
    $('changed').textContent = String(state.changed);
    $('score').textContent = state.score.fMeasure == null ? '- (no answer scored yet)'
      : state.score.fMeasure.toFixed(3) + ' (' + state.score.agreed + ' of ' + state.score.scored + ' guessed right)';
    $('fit').textContent = (state.fitSeconds * 1000).toFixed(0) + ' ms';
    $('folder').textContent = state.folder;
    if (state.question) {
      renderPoint($('question-first'), state.question.first, state.question, 'first');
      renderPoint($('question-second'), state.question.second, state.question, 'second');
      $('done').textContent = '';
    } else {
      $('done').textContent = 'Every pair is decided by the answers so far: nothing left to ask.';
    }
    setBusy(false);
  }

  async function drawPlot() {
    const plot = await request('GET', '/api/plot?coordinates=' + encodeURIComponent($('coordinates').value));
    const canvas = $('plot');
    const context = canvas.getContext('2d');
    context.fillStyle = '#fff';
    context.fillRect(0, 0, canvas.width, canvas.height);
    const n = plot.x.length;
    let minX = Infinity, maxX = -Infinity, minY = Infinity, maxY = -Infinity;
    for (let i = 0; i < n; i++) {
      minX = Math.min(minX, plot.x[i]); maxX = Math.max(maxX, plot.x[i]);
      minY = Math.min(minY, plot.y[i]); maxY = Math.max(maxY, plot.y[i]);
    }
    const margin = 12;
    const spanX = (maxX - minX) || 1, spanY = (maxY - minY) || 1;
    const px = (i) => margin + (plot.x[i] - minX) / spanX * (canvas.width - 2 * margin);
    const py = (i) => canvas.height - margin - (plot.y[i] - minY) / spanY * (canvas.height - 2 * margin);
    const radius = n > 5000 ? 1.2 : n > 1000 ? 2 : 3;
    for (let i = 0; i < n; i++) {
      context.fillStyle = PALETTE[plot.colour[i] % PALETTE.length];
      context.beginPath(); context.arc(px(i), py(i), radius, 0, 2 * Math.PI); context.fill();
    }
    if (plot.question) {
      context.lineWidth = 2.5; context.strokeStyle = '#000';
      for (const i of plot.question) { context.beginPath(); context.arc(px(i), py(i), radius + 5, 0, 2 * Math.PI); context.stroke(); }
    }
    $('plot-caption').textContent = 'Positions: ' + plot.coordinates + '.';
    canvas.dataset.version = String(++version);
  }

  async function refresh(next) {
    state = next || await request('GET', '/api/state');
    render();
    await drawPlot();
  }

  async function send(url, body) {
    if (busy) { return; }
    setBusy(true);
    try {
      show('');
      await refresh(await request('POST', url, body));
    } catch (error) {
      show(error.message);
      try { await refresh(); } catch (ignored) { setBusy(false); }
    }
  }

  function answer(kind) {
    if (!state || !state.question) { return; }
    send('/api/answer', { first: state.question.first, second: state.question.second, answer: kind });
  }

  $('same').addEventListener('click', () => answer('same'));
  $('different').addEventListener('click', () => answer('different'));
  $('dontknow').addEventListener('click', () => answer('dont-know'));
  $('undo').addEventListener('click', () => send('/api/undo'));
  $('coordinates').addEventListener('change', () => drawPlot().catch((error) => show(error.message)));
  document.addEventListener('keydown', (event) => {
    if (event.target && event.target.tagName === 'SELECT') { return; }
    const key = event.key.toLowerCase();
    if ((event.ctrlKey || event.metaKey) && key === 'z') { event.preventDefault(); send('/api/undo'); return; }
    if (event.ctrlKey || event.metaKey || event.altKey) { return; }
    if (key === 's' || key === '1') { answer('same'); }
    else if (key === 'd' || key === '2') { answer('different'); }
    else if (key === 'k' || key === '3') { answer('dont-know'); }
    else if (key === 'u' || key === 'backspace') { event.preventDefault(); send('/api/undo'); }
  });
  refresh().catch((error) => show(error.message));
})();
