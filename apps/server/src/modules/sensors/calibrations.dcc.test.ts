import { ZDigitalCalibrationCertificate } from '@masthub/shared';
import { describe, expect, it } from 'vitest';
import {
  certificateValidator,
  demoCertificate,
  hasCalibrationCertificate,
} from '../../../test/calibration-certificate.ts';
import { readCertificate } from './calibrations.dcc.ts';

describe.skipIf(!hasCalibrationCertificate)('the Task 43 digital calibration certificate', () => {
  it('takes a demo the official schema accepts, so the reader reads a valid certificate', () => {
    expect(certificateValidator()(demoCertificate())).toEqual([]);
    expect(ZDigitalCalibrationCertificate.safeParse(demoCertificate()).success).toBe(true);
  });

  it('reads slope, offset, lab, date, id, revision, the uncertainty table and the test item of the demo', () => {
    const read = readCertificate(ZDigitalCalibrationCertificate.parse(demoCertificate()));
    expect(read.identity).toEqual({
      oem: 'Example Manufacturer',
      model: 'Example Anemometer',
      serialNumber: 'Example Serial Number',
    });
    expect(read.sensorTypeId).toBe('anemometer');
    const c = read.calibration;
    expect(c).toMatchObject({
      measurementTypeId: 'wind_speed',
      slope: 0.04587,
      offset: 0.24453,
      calibrationId: '2110000',
      dateOfCalibration: '2021-01-01',
      revision: '0',
      calibrationOrganisation: 'Deutsche WindGuard Wind Tunnel Services GmbH',
      placeOfCalibration: 'Oldenburger Str. 65, DE-26123 Varel',
      uncertaintyKFactor: 2,
      source: 'certificate',
    });
    expect(c.calibrationUncertainty).toHaveLength(13);
    expect(c.calibrationUncertainty![0]).toEqual({
      reference_bin: 3.936,
      reference_unit: 'm/s',
      combined_uncertainty: 0.051,
    });
    expect(c.certificate).toEqual(demoCertificate());
  });

  it('refuses a certificate without its linear regression or its test item serial', () => {
    const noFit = demoCertificate();
    delete noFit.result.linear_regression;
    expect(ZDigitalCalibrationCertificate.safeParse(noFit).success).toBe(false);
    expect(certificateValidator()(noFit)).not.toEqual([]);
    const noSerial = demoCertificate();
    delete noSerial.test_item.serial_number;
    expect(ZDigitalCalibrationCertificate.safeParse(noSerial).success).toBe(false);
    expect(certificateValidator()(noSerial)).not.toEqual([]);
  });
});
