// The home feature's face holds only the station picker, loaded with import() where it is used: its map
// libraries stay out of the first load. Import nothing here statically.
export { StationPickerModal } from './map/StationPickerModal.tsx';
