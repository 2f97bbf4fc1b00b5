import { z } from 'zod';

/** Personal config type and key of the home map's text notes (POST /web/personalConfig/…). */
export const MAP_ANNOTATIONS_CONFIG_TYPE = 'mapAnnotations';
export const MAP_ANNOTATIONS_CONFIG_KEY = 'notes';
export const MAP_ANNOTATIONS_MAX = 80;
export const MAP_ANNOTATION_TEXT_MAX = 120;

/** One text note placed on the home map. */
export const ZMapAnnotation = z.object({
  id: z
    .string()
    .trim()
    .regex(/^[\w-]{1,40}$/),
  longitude: z.number().min(-180).max(180),
  latitude: z.number().min(-90).max(90),
  text: z.string().trim().min(1).max(MAP_ANNOTATION_TEXT_MAX),
});
export type TMapAnnotation = z.infer<typeof ZMapAnnotation>;

export const ZMapAnnotations = z.array(ZMapAnnotation).max(MAP_ANNOTATIONS_MAX);
export type TMapAnnotations = z.infer<typeof ZMapAnnotations>;
