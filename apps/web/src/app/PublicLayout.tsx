import { Box, Container, Group, Paper, Title } from '@mantine/core';
import { Outlet } from 'react-router';
import { LanguageSwitch } from '../components/LanguageSwitch';

/** The frame of the pages reachable without a session: login, PIN, password recovery. */
export function PublicLayout() {
  return (
    <Box mih="100vh" bg="gray.0" py="xl">
      <Container size={440}>
        <Group justify="space-between" mb="lg" component="header">
          <Title order={2} component="p" c="cyan.9">
            GraftMatch
          </Title>
          <LanguageSwitch />
        </Group>
        <Paper withBorder shadow="sm" p="lg" radius="md" component="main">
          <Outlet />
        </Paper>
      </Container>
    </Box>
  );
}
