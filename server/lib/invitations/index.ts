// Team invitations as sign-up and the team feature accept them (decision 037: one module, this face).
export { acceptInvitationTx, findPendingInvitation, memberJoined, type Invitation } from './pending';
