export { APP_EVENT_NAMES, APP_EVENTS, FRAME_EVENT_NAMES, FRAME_EVENTS, frameUserSchema } from './events';
export type { AppEventName, AppEventRequest, AppEventSuccess, FrameEventName, FrameEventPayload, FrameUser } from './events';
export { appMessageSchema, describeIssues, frameMessageSchema, isProtocolMessage, parseAppMessage, parseFrameMessage, PROTOCOL } from './messages';
export type { AppMessage, FrameMessage, Parsed } from './messages';
export { createFrameClient, createFrameServer, FRAME_READY_DELAY_MS, FrameNotSetError, FrameRequestError } from './channel';
export type { CodedError, FrameClientOptions, FrameHandlers, FrameRequestContext, FrameServerOptions, MessageEventLike, MessageTarget, MessageWindow } from './channel';
