/**
 * The inspector's page, in the browser: it takes its token and renders the app.
 * @module
 */
import { render } from 'preact';
import { InspectorApi, takeToken } from './api.js';
import { App } from './app.js';
import './styles.css';

render(<App api={new InspectorApi(takeToken())} />, document.getElementById('app')!);
