import type { MapLayerService } from '../meteorology/index.ts';
import { syntheticSampleLayers } from '../meteorology/index.ts';

/**
 * First start with demo data: registers the SYNTHETIC sample wind-speed and elevation layers
 * (meteorology/samples/README.md) unless layers already exist.
 */
export async function seedDemoMapLayers(layers: MapLayerService): Promise<number> {
  if ((await layers.count()) > 0) return 0;
  const samples = syntheticSampleLayers();
  for (const sample of samples) {
    await layers.register(
      sample.tiff,
      { kind: sample.kind, name: sample.name, heightM: sample.heightM },
      null,
    );
  }
  return samples.length;
}
