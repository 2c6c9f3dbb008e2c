// Follow-up actions as other features use them (decision 037): creating one on an incident.
export { createAction } from './actions';
