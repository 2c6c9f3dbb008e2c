// The incident record as other features use it (decision 037): its context, reads, guarded writes, the rows and
// events of its writes, and the link writes of its related_incidents field. Everything else in oops/ is its own.
export { readActions, actionColumns, actionQuery, toAction } from './action-rows';
export { type Insert } from './columns';
export { actionSnapshot, loggedRowColumns, oopsEventBase, type LoggedRow } from './events';
export { csvCell } from './export';
export { completenessOf, loggedStatesAt, systemFieldChanges, toColumnValues } from './fields';
export { linkInTransaction, unlinkInTransaction } from './link-writes';
export {
  assertEditable,
  findOopsRow,
  getOopsDetail,
  insertOops,
  listDepartments,
  writeOopsChanges,
  type OopsContext,
} from './service';
