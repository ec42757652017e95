import { dataLayerValue } from '../runtime/declare';

// The data layer's `tool`, `selfservice` and `process` groups (spec §3): the multi-step process
// fields. The same field names appear in several groups, so each name carries its group.

export const toolId = dataLayerValue<string>('tool.toolId', { description: 'tool.toolId' });
export const toolPollAnswer = dataLayerValue<string>('tool.pollAnswer', { description: 'tool.pollAnswer (Poll Vote)' });
export const toolSessionSettings = dataLayerValue<string>('tool.SessionSettings', { description: 'tool.SessionSettings: empty or "hit" means no tool tracking (spec §4)' });
export const toolSelfServiceActivityName = dataLayerValue<string>('tool.selfServiceActivityName', { description: 'tool.selfServiceActivityName' });
export const toolApplicationFilters = dataLayerValue<string>('tool.applicationFilters', { description: 'tool.applicationFilters' });
export const toolSettingUsed = dataLayerValue<string>('tool.settingUsed', { description: 'tool.settingUsed' });
export const toolProcessStepLabel = dataLayerValue<string>('tool.processStepLabel', { description: 'tool.processStepLabel' });
export const toolProcessStepValue = dataLayerValue<string>('tool.processStepValue', { description: 'tool.processStepValue' });
export const toolProcessStep = dataLayerValue<boolean>('tool.processStep', { description: 'tool.processStep (a boolean in Self Service Starts/Completes)' });

export const selfserviceActivityName = dataLayerValue<string>('selfservice.ActivityName', { description: 'selfservice.ActivityName' });
export const selfserviceSessionSettings = dataLayerValue<string>('selfservice.SessionSettings', { description: 'selfservice.SessionSettings: empty or "hit" means no self-service tracking (spec §4)' });

export const processStepLabel = dataLayerValue<string>('process.processStepLabel', { description: 'process.processStepLabel (a string)' });
export const processStepValue = dataLayerValue<string>('process.processStepValue', { description: 'process.processStepValue (a string)' });
export const processSettingUsed = dataLayerValue<string>('process.settingUsed', { description: 'process.settingUsed (a string)' });
