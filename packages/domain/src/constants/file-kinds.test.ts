import { describe, expect, it } from 'vitest';
import { FileKind, fileKindFromName, fileKindName, graftFileField, parseFileKind } from './file-kinds';

describe('file kinds', () => {
  it('reads the {type} segment of a zip route, numbers and stl alike', () => {
    expect(parseFileKind('0')).toBe(FileKind.Photos);
    expect(parseFileKind('5')).toBe(FileKind.Dicom);
    expect(parseFileKind('stl')).toBe(FileKind.Stl);
    expect(parseFileKind('7')).toBe(FileKind.TraceabilityReports);
    expect(parseFileKind('8')).toBe(FileKind.VigilanceReports);
  });

  it('refuses kinds the spec does not know, including the missing number 4', () => {
    expect(parseFileKind('4')).toBeNull();
    expect(parseFileKind('STL')).toBeNull();
    expect(parseFileKind('')).toBeNull();
  });

  it('names the graft field that lists each kind, and none for the factsheet', () => {
    expect(graftFileField(FileKind.Photos)).toBe('fotoFiles');
    expect(graftFileField(FileKind.ReleaseStatements)).toBe('releaseStatementFiles');
    expect(graftFileField(FileKind.AllocationNotes)).toBe('allocationNotificationFiles');
    expect(graftFileField(FileKind.DeliveryNotes)).toBe('deliveryNoteFiles');
    expect(graftFileField(FileKind.Dicom)).toBe('dicomFiles');
    expect(graftFileField(FileKind.Stl)).toBe('stlFiles');
    expect(graftFileField(FileKind.TraceabilityReports)).toBe('traceabilityReportFiles');
    expect(graftFileField(FileKind.VigilanceReports)).toBe('vigilanceReportFiles');
    expect(graftFileField(FileKind.Factsheet)).toBeNull();
  });

  it('stores each kind under a name and reads it back', () => {
    expect(fileKindName(FileKind.ReleaseStatements)).toBe('releaseStatements');
    expect(fileKindFromName('releaseStatements')).toBe(FileKind.ReleaseStatements);
    expect(fileKindFromName('stl')).toBe(FileKind.Stl);
    expect(fileKindFromName('../photos')).toBeNull();
  });
});
