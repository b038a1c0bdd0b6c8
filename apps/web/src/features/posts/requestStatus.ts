/** The request states of SPEC §4 "Requests and content". */
export type RequestStatus = 'idle' | 'loading' | 'succeeded' | 'failed';
