// Issue 18 (made for the meeting room): tests for this area are added here.
