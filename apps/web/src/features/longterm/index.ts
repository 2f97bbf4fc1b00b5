export { LongTermConvergenceCard } from './LongTermConvergenceCard.tsx';
