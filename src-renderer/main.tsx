// Base styles first: component stylesheets imported below build on them.
import './styles.css'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { Provider } from 'react-redux'
import { RouterProvider } from 'react-router/dom'
import { createAppRouter } from './app/router'
import { createAppStore } from './app/store'
import { DialogProvider } from './components/dialog'
import { ToastProvider } from './components/toast'

const container = document.getElementById('root')
if (!container) throw new Error('index.html has no #root element.')

const store = createAppStore()
const router = createAppRouter()

createRoot(container).render(
  <StrictMode>
    <Provider store={store}>
      <ToastProvider>
        <DialogProvider>
          <RouterProvider router={router} />
        </DialogProvider>
      </ToastProvider>
    </Provider>
  </StrictMode>,
)
