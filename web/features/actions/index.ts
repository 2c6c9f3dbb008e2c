// Follow-up actions as the incident pages show them (decision 037); the actions pages are routed in web/app.
export { ActionsSection } from './actions-section';
export { actionsQueryOptions } from './api/list-actions';
